#ifndef CITEFEED_PANGOCAIRO_SHIM_H
#define CITEFEED_PANGOCAIRO_SHIM_H

/* The calls citefeed makes to Cairo and Pango (Debian's libcairo2 and libpango-1.0-0), as the
   types of pointers to them. The libraries are loaded with dlopen only when a picture is made, so
   that `citefeed status`, run by a bar every second, neither links nor loads them, and building
   citefeed needs neither their headers nor their -dev packages. The declarations follow
   <cairo.h>, <cairo-svg.h>, <pango/pangocairo.h> and <glib-object.h> (both libraries keep their
   ABI within a major version); `PangoCairoShimTests` compiles this file against the real headers
   (libcairo2-dev, libpango1.0-dev) and checks every type below is the real one. Enumerations are
   `int` here (the size the C compiler passes them as, which that test checks too) and their own
   types there; the struct tags are the libraries' own, kept opaque. */

#ifdef CITEFEED_SHIM_CHECK
#define CITEFEED_ENUM(name) name
#else
#define CITEFEED_ENUM(name) int
#endif

typedef struct _cairo citefeed_cairo;
typedef struct _cairo_surface citefeed_cairo_surface;
typedef struct _PangoLayout citefeed_pango_layout;
typedef struct _PangoFontDescription citefeed_pango_font_description;
typedef struct _PangoContext citefeed_pango_context;
typedef struct _PangoLanguage citefeed_pango_language;

/* cairo_write_func_t and cairo_read_func_t: a status (0 is success) for each piece. */
typedef CITEFEED_ENUM(cairo_status_t) (*citefeed_cairo_write_func)(void *closure, const unsigned char *data, unsigned int length);

typedef citefeed_cairo_surface *(*citefeed_cairo_image_surface_create)(CITEFEED_ENUM(cairo_format_t) format, int width, int height);
typedef CITEFEED_ENUM(cairo_status_t) (*citefeed_cairo_read_func)(void *closure, unsigned char *data, unsigned int length);
typedef citefeed_cairo_surface *(*citefeed_cairo_image_surface_create_from_png_stream)(citefeed_cairo_read_func read, void *closure);
typedef citefeed_cairo_surface *(*citefeed_cairo_svg_surface_create_for_stream)(
    citefeed_cairo_write_func write, void *closure, double width, double height);
typedef void (*citefeed_cairo_svg_surface_set_document_unit)(citefeed_cairo_surface *surface, CITEFEED_ENUM(cairo_svg_unit_t) unit);
typedef int (*citefeed_cairo_image_surface_get_int)(citefeed_cairo_surface *surface);
typedef unsigned char *(*citefeed_cairo_image_surface_get_data)(citefeed_cairo_surface *surface);
typedef CITEFEED_ENUM(cairo_status_t) (*citefeed_cairo_surface_status)(citefeed_cairo_surface *surface);
typedef void (*citefeed_cairo_surface_void)(citefeed_cairo_surface *surface);
typedef CITEFEED_ENUM(cairo_status_t) (*citefeed_cairo_surface_write_to_png_stream)(
    citefeed_cairo_surface *surface, citefeed_cairo_write_func write, void *closure);

typedef citefeed_cairo *(*citefeed_cairo_create)(citefeed_cairo_surface *target);
typedef void (*citefeed_cairo_void)(citefeed_cairo *cr);
typedef CITEFEED_ENUM(cairo_status_t) (*citefeed_cairo_status)(citefeed_cairo *cr);
typedef void (*citefeed_cairo_set_source_rgba)(citefeed_cairo *cr, double red, double green, double blue, double alpha);
typedef void (*citefeed_cairo_set_source_surface)(citefeed_cairo *cr, citefeed_cairo_surface *surface, double x, double y);
typedef void (*citefeed_cairo_double)(citefeed_cairo *cr, double value);
typedef void (*citefeed_cairo_double2)(citefeed_cairo *cr, double x, double y);
typedef void (*citefeed_cairo_rectangle)(citefeed_cairo *cr, double x, double y, double width, double height);
typedef void (*citefeed_cairo_arc)(citefeed_cairo *cr, double xc, double yc, double radius, double angle1, double angle2);

typedef citefeed_pango_layout *(*citefeed_pango_cairo_create_layout)(citefeed_cairo *cr);
typedef void (*citefeed_pango_cairo_show_layout)(citefeed_cairo *cr, citefeed_pango_layout *layout);
typedef void (*citefeed_pango_layout_set_text)(citefeed_pango_layout *layout, const char *text, int length);
typedef void (*citefeed_pango_layout_set_font_description)(
    citefeed_pango_layout *layout, const citefeed_pango_font_description *description);
typedef void (*citefeed_pango_layout_set_width)(citefeed_pango_layout *layout, int width);
typedef void (*citefeed_pango_layout_set_wrap)(citefeed_pango_layout *layout, CITEFEED_ENUM(PangoWrapMode) wrap);
typedef void (*citefeed_pango_layout_set_alignment)(citefeed_pango_layout *layout, CITEFEED_ENUM(PangoAlignment) alignment);
typedef void (*citefeed_pango_layout_get_pixel_size)(citefeed_pango_layout *layout, int *width, int *height);
typedef int (*citefeed_pango_layout_get_int)(citefeed_pango_layout *layout);
typedef citefeed_pango_context *(*citefeed_pango_layout_get_context)(citefeed_pango_layout *layout);
typedef void (*citefeed_pango_layout_void)(citefeed_pango_layout *layout);
typedef citefeed_pango_language *(*citefeed_pango_language_from_string)(const char *language);
typedef void (*citefeed_pango_context_set_language)(citefeed_pango_context *context, citefeed_pango_language *language);
typedef citefeed_pango_font_description *(*citefeed_pango_font_description_from_string)(const char *text);
typedef void (*citefeed_pango_font_description_set_absolute_size)(citefeed_pango_font_description *description, double size);
typedef void (*citefeed_pango_font_description_free)(citefeed_pango_font_description *description);
typedef void (*citefeed_g_object_unref)(void *object);

#endif
